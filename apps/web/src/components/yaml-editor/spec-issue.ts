/**
 * One problem the server found in edited YAML, at its 1-based line and column: what the YAML editor
 * underlines, whichever feature asked the server to validate.
 */
export interface SpecIssue {
  line: number;
  column: number;
  path: string;
  message: string;
}
