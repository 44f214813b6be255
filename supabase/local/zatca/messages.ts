/** ZATCA's validation message shape (validationResults.infoMessages/warningMessages/errorMessages). */
export interface ValidationMessage {
  type: 'INFO' | 'WARNING' | 'ERROR';
  code: string;
  category: string;
  message: string;
  status: 'PASS' | 'WARNING' | 'ERROR';
}

export interface ValidationResults {
  infoMessages: ValidationMessage[];
  warningMessages: ValidationMessage[];
  errorMessages: ValidationMessage[];
  status: 'PASS' | 'WARNING' | 'ERROR';
}

export const info = (code: string, category: string, message: string): ValidationMessage => ({
  type: 'INFO',
  code,
  category,
  message,
  status: 'PASS',
});
export const warning = (code: string, category: string, message: string): ValidationMessage => ({
  type: 'WARNING',
  code,
  category,
  message,
  status: 'WARNING',
});
export const error = (code: string, category: string, message: string): ValidationMessage => ({
  type: 'ERROR',
  code,
  category,
  message,
  status: 'ERROR',
});

export function validationResults(messages: ValidationMessage[]): ValidationResults {
  const errorMessages = messages.filter((m) => m.type === 'ERROR');
  const warningMessages = messages.filter((m) => m.type === 'WARNING');
  return {
    infoMessages: messages.filter((m) => m.type === 'INFO'),
    warningMessages,
    errorMessages,
    status: errorMessages.length ? 'ERROR' : warningMessages.length ? 'WARNING' : 'PASS',
  };
}
