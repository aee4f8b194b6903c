import { TEXT } from '@dispatch/shared';
import { EyeOffIcon, HeartIcon, NewspaperIcon, ShieldIcon } from '../../../components/icons';

const ICONS = [ShieldIcon, NewspaperIcon, HeartIcon, EyeOffIcon] as const;

export function TrustSection() {
  return (
    <ul className="grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
      {TEXT.homeCopy.trustPoints.map((point, index) => {
        const Icon = ICONS[index % ICONS.length] ?? ShieldIcon;
        return (
          <li key={point.title} className="border-t border-rule pt-6">
            <Icon className="size-7 text-ink" />
            <h3 className="mt-4 text-xl font-bold text-ink">{point.title}</h3>
            <p className="mt-2 leading-relaxed text-ink-soft">{point.body}</p>
          </li>
        );
      })}
    </ul>
  );
}
