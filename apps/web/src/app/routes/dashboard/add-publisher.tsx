import { TEXT } from '@dispatch/shared';
import { AddPublisherForm } from '../../../features/publishers/components/add-publisher-form';
import { DashboardHeading } from './dashboard-heading';

/** /dashboard/add-publisher. */
export function AddPublisherRoute() {
  return (
    <section aria-labelledby="add-publisher-heading" className="max-w-2xl">
      <DashboardHeading
        id="add-publisher-heading"
        title={TEXT.dashboard.addPublisher}
        intro={TEXT.dashboard.publisherIntro}
      />
      <div className="rounded-lg border border-rule bg-surface p-5 sm:p-8">
        <AddPublisherForm />
      </div>
    </section>
  );
}
