/**
 * The per-field messages of an `invalid_request` `error_desc` (`pickup.lat: must be <= 90;
 * user_metadata.email: must be an email address`), keyed by field path, so a form can show the
 * server's verdict beside the field it concerns. Text that names no field is under `''`.
 */
export function fieldErrorsOf(errorDesc: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const part of errorDesc.split(/; (?=[\w.\-[\]]+: )/)) {
    const match = /^([\w.\-[\]]+): (.+)$/.exec(part);
    const [field, message] = match ? [match[1]!, match[2]!] : ['', part];
    errors[field] = errors[field] ? `${errors[field]}; ${message}` : message;
  }
  return errors;
}
