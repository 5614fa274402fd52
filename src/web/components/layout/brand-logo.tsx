export function BrandLogo() {
  return (
    <svg className="brand__logo" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path d="M14 24 32 15l18 9v18l-18 9-18-9Z" fill="#f4a259" />
      <path
        d="M14 24l18 9 18-9M32 33v18"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    </svg>
  );
}
