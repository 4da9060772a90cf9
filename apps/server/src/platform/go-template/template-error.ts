/**
 * The one error the template engine throws: a parse or run failure, or a limit reached. Callers show its
 * message to the person who wrote the template, so it names the line and what went wrong, never data.
 */
export class GoTemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoTemplateError';
  }
}
