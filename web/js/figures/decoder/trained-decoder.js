// The decoder figure with 权重 = 训练好的 RNNsearch (weights = 1): the core of the page does not
// hold Figure 2's trained model, so the Figure 2 module computes this figure (its spec, checks and
// data are the core's: cpp/figure2/trained_decoder.hpp) with the build's weights
// (dist/figure2/rnnsearch.weights), in the worker that answers questions about that model.
// Nothing is fetched until the reader picks these weights.
import { askTrainedRnnSearch } from '../figure2/trainer-client.js';

// figure(params) → the result ({id, params, data}) at once if these params were answered before,
// else a promise of it (the figure host accepts either from update()).
const KEPT = 64;

export function trainedDecoder(base) {
  const weightsUrl = new URL('figure2/rnnsearch.weights', base).href;
  const answered = new Map(); // JSON of params → result, the most recent ones
  return {
    figure(params) {
      const key = JSON.stringify(params);
      if (answered.has(key)) return answered.get(key);
      return askTrainedRnnSearch(base, weightsUrl, 'decoder', params).then((result) => {
        answered.set(key, result);
        if (answered.size > KEPT) answered.delete(answered.keys().next().value);
        return result;
      });
    },
  };
}
