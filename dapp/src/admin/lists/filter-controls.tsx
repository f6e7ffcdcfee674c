/** The admin lists' filter controls; each writes one filter kept in the address (see use-filters.ts). */

/** A search box that filters on Enter, so a list is not refetched per keystroke. */
export function FilterSearch({ label, placeholder, value, onSearch }: { label: string; placeholder: string; value: string | undefined; onSearch: (value: string) => void }) {
  return (
    <input
      type="search"
      placeholder={placeholder}
      defaultValue={value}
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSearch(e.currentTarget.value.trim());
      }}
    />
  );
}

/** A choice among `options` (value, label), with an "any" first option whose value is empty. */
export function FilterSelect({
  label,
  any,
  value,
  options,
  onChange,
}: {
  label: string;
  any: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [value: string, label: string]>;
  onChange: (value: string) => void;
}) {
  return (
    <select value={value ?? ''} onChange={(e) => onChange(e.target.value)} aria-label={label}>
      <option value="">{any}</option>
      {options.map(([optionValue, optionLabel]) => (
        <option key={optionValue} value={optionValue}>
          {optionLabel}
        </option>
      ))}
    </select>
  );
}
