/**
 * How Moyasar's test environment decides a payment, as its documentation publishes it
 * (https://docs.moyasar.com/guides/card-payments/test-cards, …/apple-pay/test-cards,
 * https://docs.moyasar.com/sdk/android/testing for STC Pay):
 * - cards: the listed numbers give the listed status and message; any other number fails;
 * - Apple Pay: the amount decides (20000–30000 halalas paid, listed ranges fail with their reason,
 *   any other amount fails);
 * - STC Pay: the OTP decides (123456 and 000000 succeed, 111111… fail with their reason).
 */

export type CardCompany = 'mada' | 'visa' | 'master' | 'amex';
export interface Outcome {
  status: 'paid' | 'failed';
  message: string;
  responseCode: string;
}

const paid = (): Outcome => ({ status: 'paid', message: 'APPROVED', responseCode: '00' });
const failed = (message: string, responseCode: string): Outcome => ({ status: 'failed', message, responseCode });

/** Moyasar's published test cards (number → outcome). */
export const TEST_CARDS: Record<string, { company: CardCompany; outcome: Outcome }> = {
  // mada
  '4201320111111010': { company: 'mada', outcome: paid() },
  '4201320000013020': { company: 'mada', outcome: failed('UNSPECIFIED FAILURE', '99') },
  '4201320000311101': { company: 'mada', outcome: failed('INSUFFICIENT FUNDS', '51') },
  '4201320131000508': { company: 'mada', outcome: failed('DECLINED: LOST CARD', '41') },
  '4201321234411220': { company: 'mada', outcome: failed('DECLINED', '05') },
  '4201322267774310': { company: 'mada', outcome: failed('DECLINED: EXPIRED CARD', '54') },
  // Visa
  '4111111111111111': { company: 'visa', outcome: paid() },
  '4123120000000000': { company: 'visa', outcome: failed('UNSPECIFIED FAILURE', '99') },
  '4123120001090000': { company: 'visa', outcome: failed('INSUFFICIENT FUNDS', '51') },
  '4123120001090109': { company: 'visa', outcome: failed('DECLINED', '05') },
  // Mastercard
  '5421080101000000': { company: 'master', outcome: paid() },
  '5105105105105100': { company: 'master', outcome: failed('UNSPECIFIED FAILURE', '99') },
  '5457210001000092': { company: 'master', outcome: failed('INSUFFICIENT FUNDS', '51') },
};

/** Luhn check of a card number (digits only). */
export function luhnValid(number: string): boolean {
  if (!/^[0-9]{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The scheme of a card number (mada BINs of the test cards, else by first digit). */
export function cardCompany(number: string): CardCompany {
  const known = TEST_CARDS[number];
  if (known) return known.company;
  if (number.startsWith('4201')) return 'mada';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'master';
  return 'visa';
}

export function cardOutcome(number: string): Outcome {
  return TEST_CARDS[number]?.outcome ?? failed('UNSPECIFIED FAILURE', '99');
}

/** Apple Pay in the test environment: the amount (halalas) decides. */
export function applePayOutcome(amount: number): Outcome {
  const ranges: Array<[number, number, Outcome]> = [
    [20000, 30000, paid()],
    [100000, 110000, failed('UNSPECIFIED FAILURE', '99')],
    [110100, 120000, failed('INSUFFICIENT FUNDS', '51')],
    [120100, 130000, failed('DECLINED: LOST CARD', '41')],
    [130100, 140000, failed('DECLINED', '05')],
  ];
  return ranges.find(([from, to]) => amount >= from && amount <= to)?.[2] ?? failed('UNSPECIFIED FAILURE', '99');
}

/** STC Pay in the test environment: the OTP decides. */
export function stcPayOutcome(otp: string): Outcome {
  switch (otp) {
    case '123456':
    case '000000':
      return paid();
    case '111111':
      return failed('Insufficient Funds', '51');
    case '222222':
      return failed('Daily Limit Exceeded', '61');
    case '333333':
      return failed('Transaction Limit Exceeded', '61');
    case '444444':
      return failed('Timeout', '68');
    default:
      return failed('Invalid OTP', '55');
  }
}
