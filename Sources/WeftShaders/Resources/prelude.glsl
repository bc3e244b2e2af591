// The Weft prelude: replaced by the front-end work.
