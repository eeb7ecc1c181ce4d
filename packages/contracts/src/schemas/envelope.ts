import { z } from './zod';

/** Success envelope of the main API: `{ code, status: "success", message, data }`. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    status: z.literal('success'),
    message: z.string(),
    data,
  });

/** Error envelope: `code` equals the HTTP status; `errors` maps field names to messages. */
export const errorEnvelope = z.object({
  code: z.number().int(),
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
