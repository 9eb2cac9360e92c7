import { isDeepStrictEqual } from "node:util";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { $ZodType, safeParse } from "zod/v4/core";

/**
 * Answers written without Zod's copy where the copy would change nothing
 * (docs/decisions/0446-answers-checked-in-place.md).
 *
 * The route's response schema is compiled once into a check that walks the answer and allocates
 * nothing. An answer that passes is exactly what Zod's encoder would return (every key of every
 * object in its schema, every value of the right kind and within its checks), so it is written with
 * `JSON.stringify` as it is. Anything else (a key the schema does not name, which Zod strips; a value
 * Zod would refuse, whose error is Zod's) goes through Zod's encoder as before. A schema with a kind
 * the check does not know (a default, a transform, a refinement, an object union…) keeps Zod's
 * encoder for every answer.
 */

type Check = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  check?: string;
  format?: string;
  innerType?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  options?: $ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  keyType?: $ZodType;
  valueType?: $ZodType;
}

interface CheckDef {
  check: string;
  format?: string;
  value?: number | bigint;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/**
 * Zod's own verdict on one value, for the leaf checks written out nowhere here (formats, patterns):
 * accepted only as it is, since a check may rewrite a value (`trim`, `toLowerCase`).
 */
const byZod =
  (schema: $ZodType): Check =>
  (value) => {
    const result = safeParse(schema, value);
    return result.success && Object.is(result.data, value);
  };

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A number's or a length's bound, or undefined for a check this file does not write out. */
function bound(def: CheckDef, measure: (value: never) => number): Check | undefined {
  const limit = Number(def.value ?? def.minimum ?? def.maximum ?? def.length);
  const of = measure as (value: unknown) => number;
  switch (def.check) {
    case "greater_than":
      return def.inclusive ? (v) => of(v) >= limit : (v) => of(v) > limit;
    case "less_than":
      return def.inclusive ? (v) => of(v) <= limit : (v) => of(v) < limit;
    case "min_length":
      return (v) => of(v) >= limit;
    case "max_length":
      return (v) => of(v) <= limit;
    case "length_equals":
      return (v) => of(v) === limit;
    case "number_format":
      return def.format === "safeint" ? (v) => Number.isSafeInteger(of(v)) : undefined;
    default:
      return undefined;
  }
}

/** The kind's own test and its checks, all of them written out, or undefined. */
function withChecks(def: Def, kind: Check, measure: (value: never) => number): Check | undefined {
  const checks: Check[] = [];
  // A format schema (z.int(), z.email()) is its own check; the others carry theirs in `checks`.
  const own = def.check ? [def as unknown as CheckDef] : [];
  for (const check of [...own, ...(def.checks ?? []).map((c) => c._zod.def)]) {
    const written = bound(check, measure);
    if (!written) return undefined;
    checks.push(written);
  }
  return (value) => {
    if (!kind(value)) return false;
    for (const check of checks) if (!check(value)) return false;
    return true;
  };
}

const itself = (value: number) => value;
const lengthOf = (value: string | unknown[]) => value.length;

function leaf(schema: $ZodType, def: Def, kind: Check, measure: (value: never) => number): Check {
  const zod = byZod(schema);
  return withChecks(def, kind, measure) ?? ((value) => kind(value) && zod(value));
}

function objectCheck(def: Def, checkOf: (schema: $ZodType) => Check | undefined): Check | undefined {
  if (def.catchall || def.checks?.length || !def.shape) return undefined;
  const keys = Object.keys(def.shape);
  const fields: Check[] = [];
  for (const key of keys) {
    const field = checkOf(def.shape[key] as $ZodType);
    if (!field) return undefined;
    fields.push(field);
  }
  const known = new Set(keys);
  return (value) => {
    if (!isPlainObject(value)) return false;
    for (const key in value) if (!known.has(key)) return false;
    for (let i = 0; i < keys.length; i++) if (!fields[i]?.(value[keys[i] as string])) return false;
    return true;
  };
}

function arrayCheck(def: Def, checkOf: (schema: $ZodType) => Check | undefined): Check | undefined {
  const element = def.element && checkOf(def.element);
  if (!element) return undefined;
  const kind: Check = (value) => {
    if (!Array.isArray(value)) return false;
    for (let i = 0; i < value.length; i++) if (!element(value[i])) return false;
    return true;
  };
  return withChecks(def, kind, lengthOf);
}

/** A record keyed by any string (the audit log's before and after): each value checked. */
function recordCheck(def: Def, checkOf: (schema: $ZodType) => Check | undefined): Check | undefined {
  const keyDef = def.keyType && defOf(def.keyType);
  if (keyDef?.type !== "string" || keyDef.checks?.length || keyDef.check) return undefined;
  const value = def.valueType && checkOf(def.valueType);
  if (!value) return undefined;
  return (record) => {
    if (!isPlainObject(record)) return false;
    for (const key in record) if (!value(record[key])) return false;
    return true;
  };
}

/** A union of values only (no object or array in any option): the first option that accepts is the only answer. */
function unionCheck(def: Def, checkOf: (schema: $ZodType) => Check | undefined): Check | undefined {
  const options: Check[] = [];
  for (const option of def.options ?? []) {
    const type = defOf(option).type;
    if (type === "object" || type === "array" || type === "union" || type === "record") return undefined;
    const check = checkOf(option);
    if (!check) return undefined;
    options.push(check);
  }
  return (value) => {
    for (const option of options) if (option(value)) return true;
    return false;
  };
}

/**
 * One check per schema, made when a route first answers with it and shared by every route and status that
 * answers with it or holds it (most routes share the error schema, many pages the same items): compiled per
 * route and status at start, the checks held 4.2 MB of a 28 MB heap (docs/decisions/0446-answers-checked-in-place.md).
 */
const checks = new WeakMap<$ZodType, Check | null>();

function checkFor(schema: $ZodType): Check | undefined {
  let check = checks.get(schema);
  if (check === undefined) {
    check = compile(schema) ?? null;
    checks.set(schema, check);
  }
  return check ?? undefined;
}

function compile(schema: $ZodType): Check | undefined {
  const def = defOf(schema);
  const inner = (s: $ZodType | undefined) => (s ? checkFor(s) : undefined);
  switch (def.type) {
    case "string":
      return leaf(schema, def, (v) => typeof v === "string", lengthOf);
    case "number":
      return leaf(schema, def, (v) => typeof v === "number" && Number.isFinite(v), itself);
    case "boolean":
      return def.checks?.length ? undefined : (v) => typeof v === "boolean";
    case "null":
      return (v) => v === null;
    case "any":
    case "unknown":
      return () => true;
    case "date":
      return def.checks?.length ? undefined : (v) => v instanceof Date && !Number.isNaN(v.getTime());
    case "template_literal": {
      // A pattern of strings (a catalog key): Zod's own test, on a string it returns as it is.
      const zod = byZod(schema);
      return (v) => typeof v === "string" && zod(v);
    }
    case "record":
      return recordCheck(def, checkFor);
    case "enum": {
      const values = new Set(Object.values(def.entries ?? {}));
      return (v) => values.has(v);
    }
    case "literal": {
      const values = new Set(def.values);
      return (v) => values.has(v);
    }
    case "nullable": {
      const check = inner(def.innerType);
      return check && ((v) => v === null || check(v));
    }
    case "optional": {
      const check = inner(def.innerType);
      return check && ((v) => v === undefined || check(v));
    }
    case "readonly":
      return inner(def.innerType);
    case "object":
      return objectCheck(def, checkFor);
    case "array":
      return arrayCheck(def, checkFor);
    case "union":
      return unionCheck(def, checkFor);
    default:
      return undefined;
  }
}

/** The schema a route gives for a status, as fastify-type-provider-zod reads it. */
function zodSchemaOf(schema: unknown): $ZodType | undefined {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? properties : undefined;
}

type SerializerCompiler = typeof zodSerializerCompiler;

/**
 * Fastify's serializer compiler for every route. `verify`: every answer written in place is also
 * written by Zod's encoder and the two compared. `exact`: an answer the check refuses but Zod accepts
 * (a key its schema does not name, which Zod leaves out) is an error naming the route, so a handler
 * that returns more than its schema pays for Zod's copy in no test (the API tests run with both).
 */
export function answerSerializerCompiler({ verify = false, exact = false } = {}): SerializerCompiler {
  return (route) => {
    const zod = zodSerializerCompiler(route);
    const schema = zodSchemaOf(route.schema);
    if (!schema) return zod;
    // Made with the route's first answer at this status: most routes never answer most of their error statuses.
    let check: Check | null | undefined;
    return (data) => {
      if (check === undefined) check = checkFor(schema) ?? null;
      if (!check) return zod(data);
      if (!check(data)) {
        const text = zod(data);
        if (exact) {
          throw new Error(
            `${route.method} ${route.url}: the answer has more than its schema names; return only its keys`,
          );
        }
        return text;
      }
      const text = JSON.stringify(data);
      if (verify && !isDeepStrictEqual(JSON.parse(text), JSON.parse(zod(data)))) {
        throw new Error(`${route.method} ${route.url}: the answer written in place differs from Zod's`);
      }
      return text;
    };
  };
}

/**
 * The check of a schema, where it has one: a value that passes is what Zod would return for it, unchanged
 * (scorecards/mapping.ts takes stored values as they are with it).
 */
export const checkInPlace = (schema: $ZodType): ((value: unknown) => boolean) | undefined => checkFor(schema);

/** For tests: whether a schema's answers can be checked in place. */
export const checkedInPlace = (schema: $ZodType) => checkFor(schema) !== undefined;
