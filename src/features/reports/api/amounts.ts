import { z } from 'zod';

/**
 * Numbers as the report functions send them: jsonb numbers (PostgreSQL numeric) or numeric text,
 * read as JavaScript numbers for display and spreadsheets (the database did the arithmetic).
 */
export const amountSchema = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);
export const countSchema = z.number().int();
