import fs from "node:fs";
import path from "node:path";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type pg from "pg";
import { API_MESSAGES } from "../shared/messages.js";
import type { Config } from "./config.js";
import { type Db, type Dialect, openDatabase } from "./db/database.js";
import { migrateToLatest, PendingMigrationsError, pendingMigrations } from "./db/migrate.js";
import { insertAdmin } from "./modules/admins/repository.js";
import { type Auth, createAuth } from "./modules/auth/auth.js";
import { insertMissingCatalogDefaults } from "./modules/catalog/repository.js";
import { createLocalBus, createPostgresBus, type EventBus } from "./modules/events/bus.js";
import { routeModules, workerStarters } from "./modules/index.js";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./modules/mail/mailer.js";
import { outboxRoutes } from "./modules/outbox/routes.js";
import { registerAuthHandler } from "./plugins/auth.js";
import { registerErrorHandler, registerNotFound } from "./plugins/error-handler.js";
import { contentSecurityPolicy } from "./plugins/security.js";
import { endAllStreams } from "./plugins/sse.js";
import { seedDemoData } from "./seed/demo.js";

export interface AppDeps {
  config: Config;
  db: Db;
  dialect: Dialect;
  pool: pg.Pool | undefined;
  auth: Auth;
  mailer: Mailer;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Background work started by modules (job workers, sweepers), stopped on close. */
  stoppers: Array<() => Promise<void> | void>;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildOptions {
  /** Replace the mailer (tests capture mail without the outbox). */
  mailer?: Mailer;
  /** Start background workers (job queue); tests drive them by hand. */
  startWorkers?: boolean;
  logger?: boolean;
}

/** Relative to the working directory, so the source and the bundled server find the same build. */
const defaultClientDir = path.resolve("dist/client");

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
          },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle = openDatabase(config.databaseUrl, {
    onIdleError: (err) => app.log.warn({ err }, "idle database connection lost"),
  });
  const mailer =
    options.mailer ??
    (config.mail.smtpUrl
      ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
      : createOutboxMailer(handle.db, app.log));
  const auth = createAuth({ config, db: handle.db, dialect: handle.dialect, mailer });
  const deps: AppDeps = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    pool: handle.pool,
    auth,
    mailer,
    bus: createLocalBus(),
    log: app.log,
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
    endAllStreams();
  });
  app.addHook("onClose", async () => {
    for (const stop of deps.stoppers) await stop();
    await deps.bus.close();
    await handle.close();
  });

  registerErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false, errorResponseBuilder: (_req, ctx) => rateLimitedError(ctx.after) });
  await app.register(swagger, {
    openapi: {
      info: { title: "CareerPrep API", version: "1.0.0", description: "Mock interviews, workshops and internships." },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await registerAuthHandler(app);
  for (const routes of routeModules) await app.register(routes);
  if (!config.production) await app.register(outboxRoutes);
  if (options.startWorkers !== false) startWorkers(app);

  registerNotFound(app, registerSpa(app));
  return app;
}

function rateLimitedError(after: string) {
  return {
    statusCode: 429,
    error: { code: "RATE_LIMITED", message: API_MESSAGES.rateLimited(after) },
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
  for (const email of deps.config.adminEmails) await insertAdmin(deps.db, email, "ADMIN_EMAILS");
  if (deps.config.seedDemo) await seedDemoData(deps);
}

function startWorkers(app: FastifyInstance): void {
  for (const start of workerStarters) start(app);
}

/** Serves the built client, if there is one; returns its index.html for client-side routes. */
function registerSpa(app: FastifyInstance): string | undefined {
  const clientDir = path.resolve(app.deps.config.clientDir ?? defaultClientDir);
  if (!fs.existsSync(path.join(clientDir, "index.html"))) return undefined;
  void app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (vite.config.ts); send them when accepted.
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header("cache-control", "public, max-age=31536000, immutable");
    },
  });
  return fs.readFileSync(path.join(clientDir, "index.html"), "utf8");
}
