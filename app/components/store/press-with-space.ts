/** A link that acts as a button answers Space as a button does (Enter already follows it). */
export function pressWithSpace(event: React.KeyboardEvent<HTMLAnchorElement>) {
  if (event.key !== " ") return;
  event.preventDefault();
  event.currentTarget.click();
}
