import path from "node:path";
import fastifyStatic from "@fastify/static";
import websocket from "@fastify/websocket";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { LIVE_SOCKET_MAX_BYTES } from "../shared/constants.js";
import type { AppDeps } from "./app-deps.js";
import { type Config, fastifyTrustProxy } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrateToLatest, PendingMigrationsError, pendingMigrations } from "./db/migrate.js";
import { createAuth } from "./infrastructure/auth/auth.js";
import { announceSessionsEnded } from "./infrastructure/auth/revocation.js";
import { SessionCache } from "./infrastructure/auth/session-cache.js";
import { createLocalBus, createPostgresBus } from "./infrastructure/events/bus.js";
import { createHeavyReads } from "./infrastructure/heavy-reads.js";
import { createOutboxMailer, createSmtpMailer, withoutReservedRecipients } from "./infrastructure/mail/mailer.js";
import type { Mailer } from "./infrastructure/mail/message.js";
import { outboxRoutes } from "./infrastructure/outbox/routes.js";
import { createPaymentProvider } from "./infrastructure/payments/create-provider.js";
import type { PaymentProvider } from "./infrastructure/payments/provider.js";
import { createStorage } from "./infrastructure/storage/create-storage.js";
import { registerAdminGuard } from "./modules/admins/guard.js";
import { insertAdmin } from "./modules/admins/repository.js";
import { insertMissingCatalogDefaults } from "./modules/catalog/repository.js";
import { routeModules, workerStarters } from "./modules/index.js";
import { insertStarterBank } from "./modules/practice/service.js";
import { answerSerializerCompiler } from "./plugins/answer-serializer.js";
import { registerApiDocument } from "./plugins/api-document.js";
import { registerAuthHandler } from "./plugins/auth.js";
import { answerFrameworkError, registerErrorHandler, registerNotFound } from "./plugins/error-handler.js";
import { redactQuery } from "./plugins/log-redaction.js";
import { registerMetrics } from "./plugins/metrics.js";
import { loadPages } from "./plugins/pages.js";
import { refuseUnplainPaths } from "./plugins/plain-path.js";
import { registerRateLimit } from "./plugins/rate-limit.js";
import { registerCrossSiteGuard, securityHeaders } from "./plugins/security.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { endStreamsOf } from "./plugins/sse.js";
import { registerStreamDoor } from "./plugins/stream-door.js";
import { refuseNulCharacters } from "./plugins/text-input.js";
import { seedDemoData } from "./seed/demo.js";

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  routeOptions?: { url?: string; config?: { secretInPath?: boolean } };
}

export interface LogStream {
  write(line: string): void;
}

export interface BuildOptions {
  /** Replace the mailer (tests capture mail without the outbox). */
  mailer?: Mailer;
  /** Replace the payment provider (tests stand in for Razorpay the way they capture mail). */
  payments?: PaymentProvider;
  /** Start background workers (job queue); tests drive them by hand. */
  startWorkers?: boolean;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: LogStream;
  /** Sees every statement sent to the database (the round-trip tests count them). */
  onQuery?: (sql: string) => void;
  /** Sees every answer before it is sent (the API tests check each against the API document). */
  onAnswer?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<void>;
  /**
   * Every answer written in place is also written by Zod's encoder and compared, and one with more than its
   * schema names is an error (plugins/answer-serializer.ts).
   */
  verifyAnswers?: boolean;
}

/** Relative to the working directory, so the source and the bundled server find the same build. */
const defaultClientDir = path.resolve("dist/client");

/** The app's database, with its PostgreSQL pipes (docs/decisions/0439-reads-pipelined-on-postgres.md). */
function openAppDatabase(config: Config, log: FastifyBaseLogger, onQuery: BuildOptions["onQuery"]) {
  return openDatabase(config.databaseUrl, {
    pipelines: config.databasePipelines,
    onIdleError: (err) => log.warn({ err }, "idle database connection lost"),
    onQuery,
  });
}

/** Fastify with our logger, proxy rule, limits and schema compilers (Zod's checks in, ours out). */
function createFastify(config: Config, options: BuildOptions) {
  const serialize = answerSerializerCompiler({ verify: options.verifyAnswers, exact: options.verifyAnswers });
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    // Fastify's own compilers, Ajv and fast-json-stringify, are never built with ours set below; these
    // factories keep their packages from being loaded at all (docs/decisions/0448-fastify-compilers-never-loaded.md).
    // Fastify types a factory's compiler as Ajv's; ours are Zod's, hence the cast.
    schemaController: {
      compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serialize } as never,
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serialize);
  return app;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = createFastify(config, options);

  const handle = openAppDatabase(config, app.log, options.onQuery);
  const mailer = withoutReservedRecipients(
    options.mailer ??
      (config.mail.smtpUrl
        ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
        : createOutboxMailer(handle.db, app.log)),
    app.log,
  );
  const auth = createAuth({
    config,
    db: handle.db,
    dialect: handle.dialect,
    mailer,
    log: app.log,
    onSessionEnded: (session) =>
      announceSessionsEnded(deps.authSessions, deps.bus, { userId: session.userId, sessionId: session.id }),
  });
  const deps: AppDeps = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    pool: handle.pool,
    auth,
    authSessions: new SessionCache(),
    mailer,
    payments: options.payments ?? createPaymentProvider(config),
    bus: createLocalBus(),
    storage: createStorage(config),
    log: app.log,
    heavyReads: createHeavyReads(config.heavyReadConcurrency),
    stoppers: [],
  };
  app.decorate("deps", deps);

  try {
    await prepareDatabase(deps);
    if (handle.pool) deps.bus = await createPostgresBus(handle.pool, app.log);
  } catch (err) {
    await handle.close();
    throw err;
  }

  app.addHook("preClose", async () => {
    endStreamsOf(deps.bus);
  });
  app.addHook("onClose", async () => {
    for (const stop of deps.stoppers) await stop();
    await deps.bus.close();
    await handle.close();
  });

  registerErrorHandler(app);
  const { onAnswer } = options;
  if (onAnswer)
    app.addHook("onSend", async (request, reply, payload) => void (await onAnswer(request, reply, payload)));
  refuseNulCharacters(app);
  refuseUnplainPaths(app);
  if (config.metricsToken) await registerMetrics(app);
  registerSecurityHeaders(app, securityHeaders(config));
  await registerRateLimit(app);
  await registerApiDocument(app);
  await app.register(websocket, { options: { maxPayload: LIVE_SOCKET_MAX_BYTES } });

  registerCrossSiteGuard(app);
  registerStreamDoor(app);
  await registerAuthHandler(app);
  registerAdminGuard(app);
  const pages = loadPages(path.resolve(config.clientDir ?? defaultClientDir));
  app.decorate("pages", pages);
  for (const routes of routeModules) await app.register(routes);
  if (config.developmentFeatures) await app.register(outboxRoutes);
  if (options.startWorkers !== false) startWorkers(app);

  if (pages) registerStaticFiles(app);
  registerNotFound(app, pages);
  return app;
}

/**
 * Request logs carry the path and the names of query parameters, never their values: sign-in links,
 * OAuth codes and states travel in query strings (docs/security.md, Logs).
 */
function loggerOptions(config: Config, stream: LogStream | undefined): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        // A route whose path is a credential (a calendar feed's token) is logged by its pattern.
        url: request.routeOptions?.config?.secretInPath ? request.routeOptions.url : redactQuery(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

async function prepareDatabase(deps: AppDeps): Promise<void> {
  // better-auth's tables come from our migrations too (0002-auth), so one command sets up all.
  if (deps.config.migrateOnStart) await migrateToLatest(deps.db);
  else {
    const pending = await pendingMigrations(deps.db);
    if (pending.length > 0) throw new PendingMigrationsError(pending);
  }
  await insertMissingCatalogDefaults(deps.db);
  await insertStarterBank(deps.db);
  for (const email of deps.config.adminEmails) await insertAdmin(deps.db, email, "ADMIN_EMAILS");
  if (deps.config.seedDemo) await seedDemoData(deps);
}

function startWorkers(app: FastifyInstance): void {
  for (const start of workerStarters) start(app);
}

/** Serves the built client's files; its pages (index.html, the prerendered landing page) are `app.pages`. */
function registerStaticFiles(app: FastifyInstance): void {
  void app.register(fastifyStatic, {
    root: path.resolve(app.deps.config.clientDir ?? defaultClientDir),
    wildcard: false,
    index: false,
    // A route per file the browser asks for: not for the maps it is refused, nor the .br and .gz beside each asset,
    // which the asset's own route sends (a third of the routes, and their router entries, before).
    globIgnore: ["**/*.map", "**/*.br", "**/*.gz"],
    // The build writes .br and .gz beside each asset (vite.config.ts); send them when accepted.
    preCompressed: true,
    // Source maps stay on the build machine for error reports; browsers never get them.
    allowedPath: (pathName) => !pathName.endsWith(".map"),
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header("cache-control", "public, max-age=31536000, immutable");
    },
  });
}
