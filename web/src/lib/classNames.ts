/** The class attribute from a list of names, leaving out the false, empty and missing ones. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
