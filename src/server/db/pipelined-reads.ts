import type pg from "pg";

/**
 * The pool Kysely's PostgreSQL dialect is given when reads are pipelined: every read outside a
 * transaction goes out on one of a few shared connections in pg's pipeline mode; a transaction, and
 * a write outside one, get a connection of the pool to themselves, as before.
 *
 * A page sends its reads at once (Promise.all); from a pool each takes a connection of its own and
 * each answer wakes the server and a PostgreSQL backend in turn. Pipelined, the statements of every
 * request in flight go out back to back on one connection, each with its own Sync (its own implicit
 * transaction: a failed statement fails alone), and their answers come back together
 * (docs/decisions/0439-reads-pipelined-on-postgres.md); the reads of one turn leave in one write (0445).
 *
 * Kysely asks its pool for a client before it knows whether a transaction follows; the client it gets
 * here takes a connection of the pool when its first statement opens a transaction and keeps it
 * until Kysely releases it; otherwise it sends a read down a pipe and a write on a pool connection.
 */
export function pipelinedPool(pool: pg.Pool, openPipe: () => pg.Client, pipes: number, onError: (err: Error) => void) {
  const shared = new Pipes(openPipe, pipes, onError);
  const idle: ReadOrTransactionClient[] = [];
  return {
    connect: async () => idle.pop() ?? new ReadOrTransactionClient(pool, shared, idle),
    end: async () => {
      await shared.end();
      await pool.end();
    },
  };
}

/** What Kysely sends first in a transaction (its PostgresDriver.beginTransaction). */
const opensTransaction = (text: string) => /^\s*(begin|start\s+transaction)\b/i.test(text);

/**
 * A read never waits for a row lock (PostgreSQL's readers do not block on writers), so nothing it
 * shares a pipe with waits on a transaction. A write may wait for one (an update of a locked row, an
 * insert of a key another transaction is inserting); on a pipe it would hold up every statement
 * queued behind it, even one the lock's own transaction awaits. Writes take a pool connection.
 */
const isRead = (text: string) =>
  /^\s*select\b/i.test(text) && !/\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(text);

type Result = pg.QueryResult<Record<string, unknown>>;

class ReadOrTransactionClient {
  #own: pg.PoolClient | undefined;
  readonly #pool: pg.Pool;
  readonly #pipes: Pipes;
  readonly #idle: ReadOrTransactionClient[];

  constructor(pool: pg.Pool, pipes: Pipes, idle: ReadOrTransactionClient[]) {
    this.#pool = pool;
    this.#pipes = pipes;
    this.#idle = idle;
  }

  async query(text: string, values: unknown[]): Promise<Result> {
    if (!this.#own && isRead(text)) return this.#pipes.query(text, values);
    if (!this.#own && opensTransaction(text)) this.#own = await this.#pool.connect();
    if (this.#own) return this.#own.query(text, values);
    // A write outside a transaction: a pool connection for this statement alone.
    const client = await this.#pool.connect();
    try {
      return await client.query(text, values);
    } finally {
      client.release();
    }
  }

  release(): void {
    const own = this.#own;
    this.#own = undefined;
    own?.release();
    this.#idle.push(this);
  }
}

interface Pipe {
  client: pg.Client;
  ready: Promise<void>;
  inFlight: number;
  /** Statements are being gathered for one write (`Pipes.#gather`). */
  corked: boolean;
}

/**
 * The pipelined connections, opened when first needed. A statement goes down the pipe with the
 * fewest in flight, so one slow statement holds up only what was queued behind it. A connection
 * that fails or ends frees its place and the next statement opens another.
 */
class Pipes {
  readonly #open: () => pg.Client;
  readonly #onError: (err: Error) => void;
  readonly #pipes: (Pipe | undefined)[];
  #ended = false;

  constructor(open: () => pg.Client, size: number, onError: (err: Error) => void) {
    this.#open = open;
    this.#onError = onError;
    this.#pipes = Array.from({ length: size }, () => undefined);
  }

  async query(text: string, values: unknown[]): Promise<Result> {
    const pipe = this.#pick();
    pipe.inFlight++;
    try {
      await pipe.ready;
      this.#gather(pipe);
      return await pipe.client.query(text, values);
    } finally {
      pipe.inFlight--;
    }
  }

  /**
   * pg writes each statement (Parse, Bind, Describe, Execute, Sync) in a system call of its own; on
   * loopback that call also runs the receiving side and wakes the backend, about a tenth of a millisecond
   * each. The statements a turn of the event loop sends down a pipe (a page's Promise.all, the pages in
   * flight) are held back until the turn's promise callbacks are done and then written together: one
   * call, one wake-up (docs/decisions/0445-pipelined-statements-written-together.md).
   */
  #gather(pipe: Pipe): void {
    if (pipe.corked) return;
    const socket = pipe.client.connection.stream;
    pipe.corked = true;
    socket.cork();
    process.nextTick(() => {
      pipe.corked = false;
      socket.uncork();
    });
  }

  #pick(): Pipe {
    if (this.#ended) throw new Error("the database connections are closed");
    let best: Pipe | undefined;
    for (let i = 0; i < this.#pipes.length; i++) {
      const pipe = this.#pipes[i] ?? this.#connect(i);
      if (pipe.inFlight === 0) return pipe;
      if (!best || pipe.inFlight < best.inFlight) best = pipe;
    }
    if (!best) throw new Error("no pipelined connection to send on");
    return best;
  }

  #connect(i: number): Pipe {
    const client = this.#open();
    const pipe: Pipe = { client, ready: client.connect().then(() => undefined), inFlight: 0, corked: false };
    const drop = () => {
      if (this.#pipes[i] === pipe) this.#pipes[i] = undefined;
    };
    pipe.ready.catch(drop);
    client.on("error", (err) => {
      drop();
      this.#onError(err);
    });
    client.on("end", drop);
    this.#pipes[i] = pipe;
    return pipe;
  }

  async end(): Promise<void> {
    this.#ended = true;
    const open = this.#pipes.filter((pipe) => pipe !== undefined);
    this.#pipes.fill(undefined);
    await Promise.all(open.map((pipe) => pipe.ready.then(() => pipe.client.end()).catch(() => undefined)));
  }
}
