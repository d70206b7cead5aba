export default function Page() {
  return <h1>dvc-annual-dues</h1>;
}
