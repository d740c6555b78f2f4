// bottleneck's light build (no Redis clustering) has the same API as the full one.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
