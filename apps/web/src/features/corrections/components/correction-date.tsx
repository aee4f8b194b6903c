import { LocalTime, LONG_DAY } from '../../../components/local-time';

/** The day a correction was published, in the reader's time zone. */
export function CorrectionDate({ at }: { at: string }) {
  return <LocalTime iso={at} options={LONG_DAY} />;
}
