/** "123 Main Street, Miami, FL 33101": an address on one line, as a map search reads it and a printed footer gives it. */
export function oneLineAddress({ street, city, state, zip }: { street: string; city: string; state: string; zip: string }): string {
  return `${street}, ${city}, ${state} ${zip}`;
}
