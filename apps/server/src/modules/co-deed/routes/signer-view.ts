/** The signer's view (their data, the loan, their right to cancel), which the signer's routes answer. */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../db';
import { rightToCancelRuns } from '../../../engine/closing/rescission';
import { closingOf } from '../../../engine/closing/store';
import { type ApplicationRow } from '../../../workflow/step-machine';
import { type SignerRow } from '../store';
import { findAddress, findApplication } from '../repository';
import type { SignerProgress } from './shared';
import { coDeedContext } from './shared';

export function signerViews(app: FastifyInstance) {
  const clock = app.clock;
  const { primaryNameOf } = coDeedContext(app);

  async function signerView(signer: SignerRow) {
    const application = await findApplication(app.db, signer.applicationUuid);
    const property = application!.selectedPropertyUuid
      ? await findAddress(app.db, application!.selectedPropertyUuid)
      : null;
    return {
      uuid: signer.uuid,
      firstName: signer.firstName,
      lastName: signer.lastName,
      email: signer.email,
      status: signer.status as SignerProgress,
      loanNumber: application!.loanNumber,
      primaryName: await primaryNameOf(app.db, application!.identityUuid),
      property: property
        ? { street1: property.street1, city: property.city, state: property.state, zip: property.zip }
        : null,
      lineAmountCents: application!.amountCents,
      primaryWaiting: application!.step === 'CO_DEED',
      ...(await rescissionOf(app.db, signer, application!)),
    };
  }

  /** Every owner who signed shares the borrower's right to cancel, for the same period. */
  async function rescissionOf(db: Executor, signer: SignerRow, application: ApplicationRow) {
    const closing = await closingOf(db, application.uuid);
    return {
      canRescind: signer.status === 'COMPLETE' && rightToCancelRuns(application, closing, clock),
      rescissionDeadline: closing.rescissionDeadline,
    };
  }

  return { signerView };
}
