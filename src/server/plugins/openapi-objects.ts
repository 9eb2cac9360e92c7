/** The parts of an OpenAPI 3.1 document the app writes or edits, typed as loosely as JSON allows. */
export type SchemaObject = Record<string, unknown>;

export interface MediaTypeObject {
  schema?: SchemaObject;
  examples?: Record<string, unknown>;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
  [keyword: string]: unknown;
}

export type PathsObject = Record<string, Record<string, OperationObject>>;

export interface OpenApiDocument {
  paths?: PathsObject;
  components?: Record<string, unknown>;
  [keyword: string]: unknown;
}
