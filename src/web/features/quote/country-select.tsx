import type { CountryOption } from '#src/domain/countries.js';

interface CountrySelectProps {
  id: string;
  /** The field's name when the form is sent by the browser itself (before the page's script runs). */
  name?: string;
  label: string;
  options: readonly CountryOption[];
  value: number;
  onChange(countryId: number): void;
}

/** A native chooser (keyboard and screen-reader friendly) with the chosen country's flag beside it. */
export function CountrySelect({ id, name, label, options, value, onChange }: CountrySelectProps) {
  const chosen = options.find((o) => o.countryId === value) ?? options[0];
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="country-select">
        {chosen && (
          <img
            className="country-select__flag"
            src={chosen.flagPath}
            alt=""
            width="28"
            height="21"
          />
        )}
        <select
          id={id}
          name={name}
          className="field__input country-select__input"
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {options.map((option) => (
            <option key={option.countryId} value={option.countryId}>
              {option.title}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
