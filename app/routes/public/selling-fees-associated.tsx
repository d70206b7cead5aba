export default function Page() {
  return <h1>selling-fees-associated</h1>;
}
