import { TEXT } from '@dispatch/shared';
import { AddPublisherForm } from '../../../features/publishers/components/add-publisher-form';
import { PublisherCounts } from '../../../features/publishers/components/publisher-counts';
import { DashboardHeading } from './dashboard-heading';

/** /dashboard/add-publisher: the form, and beside it (below it on a phone) the publishers there are. */
export function AddPublisherRoute() {
  return (
    <section aria-labelledby="add-publisher-heading">
      <DashboardHeading
        id="add-publisher-heading"
        title={TEXT.dashboard.addPublisher}
        intro={TEXT.dashboard.publisherIntro}
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="panel">
          <AddPublisherForm />
        </div>
        <PublisherCounts />
      </div>
    </section>
  );
}
