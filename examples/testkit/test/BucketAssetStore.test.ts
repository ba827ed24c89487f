/** Our AssetStore adapter passes the library's AssetStore contract (the definition of the port's behaviour). */
import { assetStoreContract } from "@bookmark-library/testkit/contracts"
import type { Bucket } from "../src/BucketAssetStore.js"
import * as BucketAssetStore from "../src/BucketAssetStore.js"

/** A bucket in memory that behaves like the real service: it stores copies, and keeps the first write of a key. */
const memoryBucket = (): Bucket => {
  const objects = new Map<string, { body: Uint8Array; contentType: string }>()
  return {
    putIfAbsent: async (key, body, contentType) => {
      if (objects.has(key)) return false
      objects.set(key, { body: Uint8Array.from(body), contentType })
      return true
    },
    get: async (key) => {
      const object = objects.get(key)
      return object && { body: Uint8Array.from(object.body), contentType: object.contentType }
    },
    remove: async (key) => {
      objects.delete(key)
    },
    keys: async (prefix) => [...objects.keys()].filter((key) => key.startsWith(prefix)).sort()
  }
}

assetStoreContract("bucket", BucketAssetStore.layer(memoryBucket()))
