import { imageSrcSet, TEXT, TIMINGS, type TrendingArticle } from '@dispatch/shared';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, PauseIcon, PlayIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';

/*
 * Embla's `duration` is not milliseconds but the settling factor of its scroll physics (default 25).
 * Measured in Chromium on a 1280 px slide: 22 covers a one-slide move to within 5 px in ~630 ms and
 * comes to rest in ~800 ms, our reading of docs/product.md#constants's 700 ms (TIMINGS.carouselSpeedMs).
 */
export const EMBLA_DURATION = 22;

function prefersReducedMotion(): boolean {
  // On the server nothing moves anyway: the browser decides when it takes over the page.
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function Slide({ article, index, count }: { article: TrendingArticle; index: number; count: number }) {
  const titleId = useId();
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} ${TEXT.homeCopy.slideOf} ${count}`}
      className="min-w-0 flex-[0_0_100%]"
    >
      <article className="grid h-full overflow-hidden rounded-lg border border-rule bg-surface md:grid-cols-5">
        <div className="aspect-[16/9] bg-placeholder md:col-span-3 md:aspect-auto md:min-h-[24rem]">
          <img
            src={article.image}
            srcSet={imageSrcSet(article.image)}
            sizes="(min-width: 1280px) 760px, (min-width: 768px) 60vw, 100vw"
            width={1280}
            height={720}
            alt=""
            // The first slide is the page's largest paint; the next one is due in 3.5 s; the rest wait until
            // they come near.
            fetchPriority={index === 0 ? 'high' : 'low'}
            loading={index <= 1 ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-cover"
          />
        </div>
        <div className="flex min-w-0 flex-col justify-center p-6 sm:p-8 md:col-span-2 lg:p-10">
          <p className="kicker">{article.publisher}</p>
          <h3
            id={titleId}
            className="mt-3 text-2xl leading-tight font-bold wrap-anywhere text-ink sm:text-3xl lg:text-4xl"
          >
            {article.title}
          </h3>
          <Link to={paths.articleDetails(article._id)} className="btn btn-primary mt-6 self-start">
            {TEXT.home.readMore}
            {/* Says which article, to screen readers and search engines; the slide shows it as its title. */}
            <span className="sr-only">{`: ${article.title}`}</span>
            <ArrowRightIcon />
          </Link>
        </div>
      </article>
    </div>
  );
}

export function TrendingCarousel({ articles }: { articles: TrendingArticle[] }) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, duration: EMBLA_DURATION }, [
    Autoplay({
      delay: TIMINGS.carouselAutoplayMs,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      // Readers who ask their system for less motion move the slides themselves.
      playOnInit: !prefersReducedMotion(),
    }),
  ]);
  const [selected, setSelected] = useState(0);
  // The reader's pause (WCAG 2.2.2), or their system's reduced motion. The plugin pauses on its own while
  // a pointer is over the slides and plays again after: a reader's pause must outlast that.
  const [paused, setPaused] = useState(false);
  const pausedRef = useRef(false);

  useEffect(() => {
    if (!emblaApi) return;
    const autoplay = emblaApi.plugins().autoplay;
    pausedRef.current = prefersReducedMotion();
    setPaused(pausedRef.current);
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    // After the plugin's own start has finished (it marks itself playing only after this event).
    const keepPaused = () =>
      queueMicrotask(() => {
        if (pausedRef.current) autoplay?.stop();
      });
    emblaApi.on('select', onSelect).on('reInit', onSelect).on('autoplay:play', keepPaused);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect).off('autoplay:play', keepPaused);
    };
  }, [emblaApi]);

  const goTo = useCallback((index: number) => emblaApi?.scrollTo(index), [emblaApi]);
  const togglePause = () => {
    const autoplay = emblaApi?.plugins().autoplay;
    if (!autoplay) return;
    pausedRef.current = !pausedRef.current;
    setPaused(pausedRef.current);
    if (pausedRef.current) autoplay.stop();
    else autoplay.play();
  };

  return (
    <div role="group" aria-roledescription="carousel" aria-label={TEXT.home.trending}>
      <div ref={emblaRef} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {articles.map((article, index) => (
            <Slide key={article._id} article={article} index={index} count={articles.length} />
          ))}
        </div>
      </div>
      {articles.length > 1 && (
        <div className="mt-5 flex items-center justify-center gap-1">
          <button
            type="button"
            onClick={togglePause}
            // Its name says what it does now; a pressed state would say the opposite of the icon.
            aria-label={paused ? TEXT.homeCopy.playSlides : TEXT.homeCopy.pauseSlides}
            className="mr-2 grid size-8 place-items-center rounded-full border border-rule text-ink hover:border-ink"
          >
            {paused ? <PlayIcon className="size-3.5" /> : <PauseIcon className="size-3.5" />}
          </button>
          {articles.map((article, index) => (
            <button
              key={article._id}
              type="button"
              aria-label={`${TEXT.homeCopy.goToSlide} ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
              className="group grid size-8 place-items-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all ${
                  index === selected ? 'w-7 bg-ink' : 'w-2.5 bg-stone-500 group-hover:bg-ink-soft'
                }`}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
