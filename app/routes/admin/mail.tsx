export default function Page() {
  return <h1>mail</h1>;
}
