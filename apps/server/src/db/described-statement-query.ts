import pg from 'pg';

/** How node-postgres turns a parameter into what it sends (its `utils`, exported but not typed). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

/** Reads one column's text as node-postgres' type parser for its type does. */
type ParseColumn = (text: string) => unknown;

/** The type parsers a query is read with (drizzle's, which keep timestamps as text). */
export interface TypeParsers {
  getTypeParser(dataTypeId: number, format: 'text'): ParseColumn;
}

/** node-postgres' Connection, as far as a submitted query uses it (a Submittable is handed it). */
interface Wire {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: { cork?(): void; uncork?(): void };
  parse(message: { text: string; name: string }): void;
  bind(message: {
    portal: string;
    statement: string;
    values: unknown[];
    valueMapper: (value: unknown) => unknown;
  }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

type Settle = (error: Error | null, rows?: unknown[][]) => void;

/**
 * Per connection, the column parsers of each named statement it has described. A prepared statement's
 * columns never change on its connection (PostgreSQL refuses a re-plan that would change them, with
 * "cached plan must not change result type"), so they are asked for once per connection.
 */
const describedOn = new WeakMap<Wire, Map<string, ParseColumn[]>>();

/**
 * A named prepared statement run on node-postgres as a Submittable (the interface pg-cursor uses),
 * answering its rows as arrays of parsed values. Beside what `client.query(config, values)` does, it
 * skips what a statement run again and again does not need (ADR 081): the copy of the query's config,
 * the Describe of its columns after the first run on a connection (and the row description that
 * answers it), and the parsers and empty row object rebuilt from that description on every run.
 * Awaiting it gives its rows.
 */
export class DescribedStatementQuery implements PromiseLike<unknown[][]> {
  /**
   * Set by whoever submits it without awaiting it (node-postgres' pool.query, which releases its
   * connection there); node-postgres may wrap it in place (a query timeout).
   */
  callback: Settle | undefined;
  private readonly rows: unknown[][] = [];
  private parsers: ParseColumn[] | undefined;
  private wire: Wire | undefined;
  /** A failure found before the statement's end (a value that could not be sent or parsed); reported at ReadyForQuery. */
  private failure: Error | undefined;
  private outcome: { error: Error | null; rows: unknown[][] } | undefined;
  /** Made when it is first awaited, so that a failure nobody awaits here is never an unhandled rejection. */
  private answer: Promise<unknown[][]> | undefined;
  private deliver: Settle | undefined;

  readonly name: string;
  readonly text: string;
  readonly values: unknown[];
  readonly #types: TypeParsers;

  constructor(name: string, text: string, values: unknown[], types: TypeParsers) {
    this.name = name;
    this.text = text;
    this.values = values;
    this.#types = types;
  }

  // biome-ignore lint/suspicious/noThenProperty: awaited where node-postgres' client.query() hands the query back.
  then<A = unknown[][], B = never>(
    onFulfilled?: ((rows: unknown[][]) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.answer ??= new Promise<unknown[][]>((resolve, reject) => {
      this.deliver = (error, rows) => (error ? reject(error) : resolve(rows ?? []));
      if (this.outcome) this.deliver(this.outcome.error, this.outcome.rows);
    });
    return this.answer.then(onFulfilled, onRejected);
  }

  submit(wire: Wire): Error | null {
    const parsed = wire.parsedStatements[this.name] ?? wire.submittedNamedStatements[this.name];
    if (parsed !== undefined && parsed !== this.text) {
      return new Error(
        `Prepared statements must be unique - '${this.name}' was used for a different statement`,
      );
    }
    this.wire = wire;
    this.parsers = describedOn.get(wire)?.get(this.name);
    // One write for the whole batch, as node-postgres sends it.
    wire.stream.cork?.();
    try {
      if (parsed === undefined) {
        wire.parse({ text: this.text, name: this.name });
        wire.submittedNamedStatements[this.name] = this.text;
      }
      try {
        wire.bind({ portal: '', statement: this.name, values: this.values, valueMapper: prepareValue });
      } catch (error) {
        // A value that cannot be sent: nothing of the Bind went out; Sync ends the batch.
        this.failure = error as Error;
        wire.sync();
        return null;
      }
      if (!this.parsers) wire.describe({ type: 'P', name: '' });
      wire.execute({ portal: '' });
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: { dataTypeID: number }[] }): void {
    this.parsers = message.fields.map((field) => this.#types.getTypeParser(field.dataTypeID, 'text'));
    if (!this.wire) return;
    const statements = describedOn.get(this.wire) ?? new Map<string, ParseColumn[]>();
    statements.set(this.name, this.parsers);
    describedOn.set(this.wire, statements);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.failure) return;
    const parsers = this.parsers;
    if (!parsers) {
      this.failure = new Error(`Statement ${this.name} answered a row before describing its columns.`);
      return;
    }
    const values = message.fields;
    const row = new Array<unknown>(values.length);
    try {
      for (let i = 0; i < values.length; i++) {
        const value = values[i]!;
        row[i] = value === null ? null : parsers[i]!(value);
      }
    } catch (error) {
      this.failure = error as Error;
      return;
    }
    this.rows.push(row);
  }

  handleCommandComplete(): void {}

  handleEmptyQuery(): void {}

  /** Only a query that asks for rows in batches is suspended; this one never does. */
  handlePortalSuspended(): void {}

  handleCopyInResponse(wire: Wire): void {
    wire.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}

  handleError(error: Error): void {
    this.settle(error);
  }

  handleReadyForQuery(): void {
    this.settle(this.failure ?? null, this.rows);
  }

  private settle(error: Error | null, rows: unknown[][] = []): void {
    if (this.outcome) return;
    this.outcome = { error, rows };
    this.callback?.(error, rows);
    this.deliver?.(error, rows);
  }
}

/** True for a node-postgres pool or client, which take a Submittable (PGlite's pool is one too, ADR 036). */
export function takesSubmittable(client: unknown): client is pg.Pool | pg.Client {
  return client instanceof pg.Pool || client instanceof pg.Client;
}
