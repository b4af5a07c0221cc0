/**
 * A chassis (frame) number with its serial mostly hidden, for public pages:
 * "NZE161-3012345" becomes "NZE161-30*****"; one without a dash hides its
 * last half, and at least its last six characters (a 17-character VIN's serial).
 */
export function maskedChassis(chassis: string): string {
  const dash = chassis.lastIndexOf("-");
  if (dash > 0 && dash < chassis.length - 1) {
    const serial = chassis.slice(dash + 1);
    const shown = Math.min(2, Math.floor(serial.length / 2));
    return `${chassis.slice(0, dash + 1)}${serial.slice(0, shown)}${"*".repeat(serial.length - shown)}`;
  }
  const hidden = Math.max(Math.ceil(chassis.length / 2), Math.min(6, chassis.length));
  return `${chassis.slice(0, chassis.length - hidden)}${"*".repeat(hidden)}`;
}
