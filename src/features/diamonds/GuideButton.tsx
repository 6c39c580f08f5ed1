/** The "?" beside a filter label: opens the topic's guidance popover (Guidance.astro) natively, no script. */
export default function GuideButton({ topic, label }: { topic: string; label: string }) {
  return (
    <button
      type="button"
      popoverTarget={`guidance-${topic}`}
      aria-label={`What is ${label.toLowerCase()}?`}
      className="ml-1.5 inline-grid size-6 place-items-center rounded-full border border-primary/30 align-middle text-[0.65rem] leading-none font-semibold text-primary hover:border-primary"
    >
      ?
    </button>
  );
}
