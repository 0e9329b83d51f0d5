import { z } from 'zod';

/** The `Idempotency-Key` header of the order calls. Printable ASCII only: the key is stored (db/idempotency.ts), and a control character
 *  would reach the database. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key: printable characters only');
