export default function Page() {
  return <h1>sign-in</h1>;
}
