import { TEXT } from '@dispatch/shared';
import amelia from '../../../assets/testimonials/amelia-hart.svg';
import daniel from '../../../assets/testimonials/daniel-okafor.svg';
import priya from '../../../assets/testimonials/priya-raman.svg';

const PORTRAITS = [amelia, daniel, priya] as const;

export function TestimonialsSection() {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {TEXT.homeCopy.testimonials.map((testimonial, index) => (
        <li key={testimonial.name} className="flex">
          <figure className="flex w-full flex-col rounded-lg border border-rule bg-surface p-6 sm:p-8">
            <span aria-hidden="true" className="font-serif text-6xl leading-none text-stone-300">
              “
            </span>
            <blockquote className="-mt-4 flex-1 font-serif text-lg leading-relaxed text-ink">
              <p>{testimonial.comment}</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-4 border-t border-rule pt-5">
              <img
                src={PORTRAITS[index % PORTRAITS.length]}
                width={56}
                height={56}
                alt={testimonial.name}
                loading="lazy"
                decoding="async"
                className="size-14 rounded-full border border-rule"
              />
              <span>
                <span className="block font-semibold text-ink">{testimonial.name}</span>
                <span className="block text-sm text-ink-soft">{testimonial.role}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
