/** The "?" beside a filter label: opens the topic's guidance popover (Guidance.astro) natively, no script. */
export default function GuideButton({ topic, label }: { topic: string; label: string }) {
  return (
    <button type="button" popoverTarget={`guidance-${topic}`} aria-label={`What is ${label.toLowerCase()}?`} className="guide-button">
      ?
    </button>
  );
}
