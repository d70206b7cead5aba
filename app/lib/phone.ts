/**
 * A US phone number as typed ("(407) 555-0123", "407.555.0123", "+1 407 555 0123") in E.164 (+14075550123), or
 * null when it is not a ten-digit North American number (area code and exchange do not start with 0 or 1). Text
 * messages go only to such numbers (the SMS settings are for US members).
 */
export function toUsE164(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let digits = raw.replace(/[\s().-]/g, "");
  if (digits.startsWith("+")) digits = digits.slice(1);
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10) return null;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}
