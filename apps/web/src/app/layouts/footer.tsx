import { TEXT, type PublicConfig } from '@dispatch/shared';
import { Link } from 'react-router';
import { useToday, YEAR } from '../../components/local-time';
import { paths } from '../../lib/paths';
import { useNavLinks } from './use-nav-links';

const SOCIAL_LINKS = [
  { key: 'facebook', label: TEXT.layout.social.facebook },
  { key: 'x', label: TEXT.layout.social.x },
  { key: 'instagram', label: TEXT.layout.social.instagram },
  { key: 'linkedin', label: TEXT.layout.social.linkedin },
] as const;

const headingClass = 'font-sans text-xs font-semibold tracking-[0.14em] text-stone-400 uppercase';
const linkClass = 'text-stone-200 underline-offset-4 hover:text-white hover:underline';

export function Footer({ config }: { config: PublicConfig }) {
  const links = useNavLinks();
  const year = useToday(YEAR);

  return (
    <footer className="mt-auto bg-band text-stone-300">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <p className="font-serif text-3xl font-black text-white">{config.siteName}</p>
          <p className="mt-3 max-w-sm leading-relaxed">{TEXT.brand.tagline}</p>
        </div>
        <nav aria-labelledby="footer-navigation">
          <h2 id="footer-navigation" className={headingClass}>
            {TEXT.footer.navigation}
          </h2>
          <ul className="mt-4 space-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={headingClass}>
            {TEXT.footer.contact}
          </h2>
          {config.supportEmail && (
            <p className="mt-4">
              <a href={`mailto:${config.supportEmail}`} className={`${linkClass} break-all`}>
                {config.supportEmail}
              </a>
            </p>
          )}
          <ul className="mt-4 space-y-2">
            {SOCIAL_LINKS.filter(({ key }) => config.social[key]).map(({ key, label }) => (
              <li key={key}>
                <a href={config.social[key]} rel="noopener noreferrer" className={linkClass}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="border-t border-stone-700">
        {/* Beside the copyright, not in Navigation: that list repeats the navbar's links exactly (docs/product.md). */}
        <div className="container-page flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2 py-6 text-sm text-stone-400">
          <p>
            © {year} {config.siteName}. {TEXT.layout.rightsReserved}
          </p>
          <Link to={paths.corrections} className={linkClass}>
            {TEXT.footer.corrections}
          </Link>
        </div>
      </div>
    </footer>
  );
}
