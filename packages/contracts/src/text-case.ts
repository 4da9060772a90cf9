/** "Medium" for "medium", "Technical Debt" for "technicalDebt": how enum values are shown. */
export function capitalise(value: string): string {
  const spaced = value.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  return spaced.replace(/\b\w/g, (ch) => ch.toUpperCase());
}
