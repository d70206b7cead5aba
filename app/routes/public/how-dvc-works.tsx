export default function Page() {
  return <h1>how-dvc-works</h1>;
}
