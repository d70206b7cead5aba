export default function Page() {
  return <h1>dvc-firpta</h1>;
}
