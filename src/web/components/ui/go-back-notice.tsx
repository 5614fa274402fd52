import { Link } from '../../lib/router.js';

/** A notice that the page cannot go on yet, linking to the page where the customer does what is missing. */
export function GoBackNotice({
  text,
  to,
  linkText,
}: {
  text: string;
  to: string;
  linkText: string;
}) {
  return (
    <div className="notice">
      <p>{text}</p>
      <p>
        <Link to={to}>{linkText}</Link>
      </p>
    </div>
  );
}
