export {
  createHttpClient,
  getFile,
  stripBearer,
  type CallOptions,
  type EarlyCall,
  type HttpClient,
  type HttpClientConfig,
  type Method,
  type TokenStore,
  type TypedWrite,
  type WithSchema,
  type WriteOptions,
} from './http-client';
export {
  ApiError,
  errorMessageFromBody,
  isRecord,
  shapeMismatchMessage,
  timedOutMessage,
  type HttpFailure,
} from './failure';
export { buildUrl, type QueryParams } from './query';
