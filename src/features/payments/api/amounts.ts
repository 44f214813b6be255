import { z } from 'zod';

/**
 * An amount as the finance RPCs send it: jsonb numbers (PostgreSQL numeric), or numeric text,
 * read as a JavaScript number for display and spreadsheets (the database did the arithmetic).
 */
export const amountSchema = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);
export const countSchema = z.number().int();
