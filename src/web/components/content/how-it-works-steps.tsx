/** The four steps of How it Works (docs/product-rules.md), with their illustrations (served by the site as SVG files). */
export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Book your item(s)',
    image: '/illustrations/step-book.svg',
    summary:
      'Choose where your boxes go and how many, get an instant price for Express or Economy, then book a collection day and pay by card.',
  },
  {
    title: 'Pack your item(s)',
    image: '/illustrations/step-pack.svg',
    summary:
      'Pack your belongings into sturdy boxes no bigger or heavier than your chosen sizes, and list what each box holds.',
  },
  {
    title: 'We Collect',
    image: '/illustrations/step-collect.svg',
    summary:
      'A courier collects from your door on the day you chose, as soon as the next working day, between 9:00am and 5:30pm.',
  },
  {
    title: 'Track your item(s)',
    image: '/illustrations/step-track.svg',
    summary:
      'Follow your boxes with the tracking link in your confirmation email, all the way to their destination.',
  },
] as const;

/** The four steps as cards (the home page's How it Works section). */
export function HowItWorksSteps() {
  return (
    <ol className="steps">
      {HOW_IT_WORKS_STEPS.map((step, index) => (
        <li className="steps__item" key={step.title}>
          <img
            className="steps__image"
            src={step.image}
            alt=""
            width="160"
            height="120"
            loading="lazy"
            decoding="async"
          />
          <h3 className="steps__title">
            <span className="steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="visually-hidden">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="steps__summary">{step.summary}</p>
        </li>
      ))}
    </ol>
  );
}
