import { z } from 'zod';
import { isNotPastStart, isoDateSchema } from './dates.js';
import { normalizeCheckInDays, STAY_RULE_LIMITS } from './stay-rules.js';

// The rules themselves (which rule applies, the messages) are in stay-rules.ts, without zod.
export * from './stay-rules.js';

export const STAY_RULE_SOURCES = ['manual', 'invenio'] as const;
export type StayRuleSource = (typeof STAY_RULE_SOURCES)[number];

export const STAY_RULE_MESSAGES = {
  endBeforeStart: 'The last day must be on or after the first day',
  ended: 'This period has already ended: choose a last day from today on',
  nothingSet: 'Set a minimum stay or choose the check-in days',
  minNights: `A minimum stay is between ${STAY_RULE_LIMITS.minNights} and ${STAY_RULE_LIMITS.maxNights} nights (leave it empty for none)`,
  weekday: 'Check-in days are weekdays 1 (Monday) to 7 (Sunday)',
  notFound: 'Stay rule not found',
  overlaps: (period: string) =>
    `This period overlaps the stay rule of ${period}: a villa has one rule per day. Change or delete that rule first.`,
} as const;

/**
 * An administrator's rule for one villa (calendar manager): the period's first and last day (both
 * included), a minimum stay and/or the check-in weekdays (ISO: 1 = Monday … 7 = Sunday). All seven
 * days is the same as none; at least one of the two must remain.
 */
export const stayRuleInputSchema = z
  .object({
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    minNights: z
      .number({ error: STAY_RULE_MESSAGES.minNights })
      .int(STAY_RULE_MESSAGES.minNights)
      .min(STAY_RULE_LIMITS.minNights, STAY_RULE_MESSAGES.minNights)
      .max(STAY_RULE_LIMITS.maxNights, STAY_RULE_MESSAGES.minNights)
      .nullish()
      .transform((v) => v ?? null),
    checkInDays: z
      .array(
        z
          .number({ error: STAY_RULE_MESSAGES.weekday })
          .int(STAY_RULE_MESSAGES.weekday)
          .min(1, STAY_RULE_MESSAGES.weekday)
          .max(7, STAY_RULE_MESSAGES.weekday),
      )
      .max(7, STAY_RULE_MESSAGES.weekday)
      .nullish()
      .transform((v) => normalizeCheckInDays(v)),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: STAY_RULE_MESSAGES.endBeforeStart });
    } else if (!isNotPastStart(v.endDate)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: STAY_RULE_MESSAGES.ended });
    }
    if (v.minNights == null && v.checkInDays == null) {
      ctx.addIssue({ code: 'custom', path: ['minNights'], message: STAY_RULE_MESSAGES.nothingSet });
    }
  });
export type StayRuleInput = z.input<typeof stayRuleInputSchema>;

/** A rule as the administrator sees it: where it comes from ('invenio': replaced at each sync). */
export const stayRuleSchema = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  minNights: z.number().int().nullable(),
  checkInDays: z.array(z.number().int()).nullable(),
  source: z.enum(STAY_RULE_SOURCES),
  updatedAt: z.string(),
});
export type StayRule = z.infer<typeof stayRuleSchema>;

/** A rule as agents and clients read it: its terms only. */
export const stayRuleTermsSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  minNights: z.number().int().nullable(),
  checkInDays: z.array(z.number().int()).nullable(),
});

/** The rules in force (not yet ended) of each villa of a white-label link, for the client's page. */
export const linkStayRulesSchema = z.array(
  z.object({ propertyId: z.number().int(), rules: z.array(stayRuleTermsSchema) }),
);
export type LinkStayRules = z.infer<typeof linkStayRulesSchema>;
