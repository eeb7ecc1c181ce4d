/** The envelope's types (zod-free); the schemas are in `./schemas/envelope`. */
export type { ErrorEnvelope } from './schemas/envelope';

/** Success envelope of the main API: `{ code, status: "success", message, data }`. */
export type SuccessEnvelope<T> = {
  code: number;
  status: 'success';
  message: string;
  data: T;
};
