import type { ConsumerDefinition } from './consumer-definition.js';
import type { AnyJobDefinition } from './job-definition.js';

/**
 * The job kinds a process knows: workers claim only these, and enqueue validates payloads against them;
 * and the queues its job runtime consumes continuously (see consumer-definition.ts).
 */
export class JobRegistry {
  private readonly definitions = new Map<string, AnyJobDefinition>();

  constructor(
    definitions: readonly AnyJobDefinition[] = [],
    readonly consumers: readonly ConsumerDefinition[] = [],
  ) {
    for (const definition of definitions) this.register(definition);
  }

  /**
   * Adds a definition; a second definition with the same name is a programming error. Only while it is
   * made: a worker reads its kinds and lanes once.
   */
  private register(definition: AnyJobDefinition): void {
    if (this.definitions.has(definition.name)) throw new Error(`Job "${definition.name}" is defined twice`);
    this.definitions.set(definition.name, definition);
  }

  get(name: string): AnyJobDefinition | undefined {
    return this.definitions.get(name);
  }

  names(): string[] {
    return [...this.definitions.keys()];
  }

  all(): AnyJobDefinition[] {
    return [...this.definitions.values()];
  }
}
