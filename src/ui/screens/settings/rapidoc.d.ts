/** RapiDoc ships no types: importing it defines the <rapi-doc> element. */
declare module 'rapidoc';
