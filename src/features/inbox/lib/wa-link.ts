/**
 * "Open in WhatsApp": the click-to-chat link of WhatsApp (`https://wa.me/<number>?text=…`), the
 * number in digits only (international form, no `+`, no spaces), the draft URL-encoded.
 */
export function whatsappChatLink(phone: string, text: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return null;
  const query = text.trim() ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${digits}${query}`;
}

/**
 * Opens the chat app in a new tab. False when the browser refused (a blocked pop-up answers null,
 * a sandboxed frame throws): the screen then says SPEC §8 "Failed to open the chat app".
 */
export function openChatApp(link: string, open: typeof window.open = window.open.bind(window)): boolean {
  try {
    return open(link, '_blank', 'noopener,noreferrer') !== null;
  } catch {
    return false;
  }
}
