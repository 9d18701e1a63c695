// zod schema of an admin-made SMS template (create/edit payload and the live tester's form).
import { z } from 'zod';
import { VALIDATION_KEYS, walletSchema } from '#shared/schemas';
import { SMS_TIME_FORMATS } from './sms-fields.js';
import { SMS_TEMPLATE_ERRORS, validateTemplate } from './sms-template.js';

export const SMS_TEMPLATE_LABEL = { min: 3, max: 60 } as const;

/** i18n keys of this schema besides SMS_TEMPLATE_ERRORS (the lead adds EN/BN text for them). */
export const SMS_TEMPLATE_SCHEMA_ERRORS = {
  labelLength: 'validation.templateLabelLength',
} as const;

export const smsTemplateFieldsSchema = z
  .object({
    account: walletSchema,
    label: z
      .string({ error: VALIDATION_KEYS.required })
      .trim()
      .min(SMS_TEMPLATE_LABEL.min, SMS_TEMPLATE_SCHEMA_ERRORS.labelLength)
      .max(SMS_TEMPLATE_LABEL.max, SMS_TEMPLATE_SCHEMA_ERRORS.labelLength),
    pattern: z.string({ error: SMS_TEMPLATE_ERRORS.templateInvalid }),
    /** null when the pattern has no `time` group. */
    time_format: z.enum(SMS_TIME_FORMATS, { error: SMS_TEMPLATE_ERRORS.templateTimeFormat }).nullable(),
    /**
     * The message the template was made from (decision 052): the server saves the template only
     * when it reads this message (run under the time budget); not stored.
     */
    example: z.string({ error: VALIDATION_KEYS.smsTextLong }).max(2000, VALIDATION_KEYS.smsTextLong).optional(),
  })
  .superRefine((value, ctx) => {
    const validation = validateTemplate(value.pattern);
    if (!validation.ok) {
      ctx.addIssue({ code: 'custom', path: ['pattern'], message: validation.error });
      return;
    }
    // A time group needs a format to be read; a format without a time group is a forgotten group.
    if (validation.groups.includes('time') !== (value.time_format !== null)) {
      ctx.addIssue({ code: 'custom', path: ['time_format'], message: SMS_TEMPLATE_ERRORS.templateTimeFormat });
    }
  });
export type SmsTemplateFields = z.infer<typeof smsTemplateFieldsSchema>;
