/** The phone format the driver forms suggest (international, as the ops API stores it). */
export const PHONE_EXAMPLE = '+966 50 123 4567';
