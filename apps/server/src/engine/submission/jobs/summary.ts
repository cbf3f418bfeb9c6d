/** The summary package (GEN_APP_SUMMARY): application summary, early HELOC disclosure, consumer booklet. */
import { desc, eq } from 'drizzle-orm';
import { schema } from '../../../db';
import type { JobWorker } from '../../../jobs/worker';
import { parseJobPayload } from '../../job-payloads';
import { formatPhone } from '@heloc/domain';
import { confirmedLiensCents, loadApplicationFile, moveApplication } from '../../store';
import { loanTermsFor, renderAndStore } from '../documents';
import { listOnApplication } from '../repository';
import { SUBMISSION_JOB_KINDS } from '../job-kinds';
import {
  SYSTEM,
  isoDay,
  orgOf,
  selectedOfferOf,
  underwritingFacts,
  type SubmissionJobContext,
} from './shared';

export function registerSummaryJobs(worker: JobWorker, context: SubmissionJobContext): void {
  const { deps, clock, storage, settle, onDeadTo } = context;

  // ---- The summary package: application summary, early HELOC disclosure, consumer booklet ----
  worker.register(SUBMISSION_JOB_KINDS.appSummary, {
    async run(raw) {
      const { applicationUuid } = parseJobPayload(SUBMISSION_JOB_KINDS.appSummary, raw);
      const file = await loadApplicationFile(deps.db, applicationUuid);
      const { application } = file;
      const org = orgOf(deps, application);
      const offer = await selectedOfferOf(deps.db, applicationUuid);
      if (!offer) throw new Error('summary without a selected offer');
      const documentDate = isoDay(clock.now());
      const terms = loanTermsFor(
        org,
        {
          amountCents: application.amountCents,
          rateBps: application.rateBps,
          termYears: application.termYears,
          originationFeeBps: offer.originationFeeBps,
        },
        documentDate,
      );
      const [phone] = await deps.db
        .select({ number: schema.profilePhoneNumbers.number })
        .from(schema.profilePhoneNumbers)
        .where(eq(schema.profilePhoneNumbers.identityUuid, application.identityUuid))
        .orderBy(desc(schema.profilePhoneNumbers.primary), desc(schema.profilePhoneNumbers.createdAt))
        .limit(1);
      const { valueCents } = await underwritingFacts(deps.db, applicationUuid);
      const common = { org, documentDate, applicationId: application.loanNumber };
      const documents = [
        ...(await renderAndStore(storage, applicationUuid, 'APPLICATION_SUMMARY', {
          ...common,
          applicant: {
            fullName: file.fullName,
            dateOfBirth: file.profile.dob ?? '',
            email: file.email,
            phone: phone ? formatPhone(phone.number) : '',
            mailingAddress: file.address,
          },
          additionalSigners: [],
          propertyAddress: file.address,
          estimatedValueCents: application.adjustedHomeAmountCents ?? valueCents,
          existingLiensCents: await confirmedLiensCents(deps.db, applicationUuid),
          incomeSources: application.employmentType
            ? [
                {
                  employmentType: application.employmentType as never,
                  employerName: null,
                  annualIncomeCents: application.statedAnnualIncomeCents ?? 0,
                },
              ]
            : [],
          terms,
          disbursementAccountNumber: null,
        })),
        ...(await renderAndStore(storage, applicationUuid, 'EARLY_HELOC_DISCLOSURE', {
          ...common,
          applicantName: file.fullName,
          propertyAddress: file.address,
          terms,
        })),
        ...(await renderAndStore(storage, applicationUuid, 'CONSUMER_HELOC_BOOKLET', common)),
      ];
      await settle(applicationUuid, 'GEN_APP_SUMMARY', async (tx, locked) => {
        await listOnApplication(tx, applicationUuid, documents, clock.now());
        await moveApplication(tx, clock, locked, 'SUMMARY_READY', {
          actor: SYSTEM,
          data: {
            documents: documents.map((each) => ({ uuid: each.uuid, type: each.type, sha256: each.sha256 })),
          },
          flags: { disclosurelistSummaryReady: true },
        });
      });
    },
    onDead: onDeadTo('GEN_APP_SUMMARY', 'SUMMARY_FAILED'),
  });

  // ---- The hard credit pull ----
}
