/**
 * Reading a multipart upload in an MSW handler, by hand: the platform's FormData parser refuses
 * jsdom's File parts. The names of the `files` parts, in order.
 */
export async function uploadedNames(request: Request): Promise<string[]> {
  const body = await request.text();
  return [...body.matchAll(/name="files"; filename="([^"]*)"/g)].map((match) => match[1] ?? '');
}

/** What an upload route answers for the files it took: ids from 1, each a 4-byte JPEG. */
export function storedUploads(names: readonly string[], createdAt: string) {
  return names.map((name, index) => ({
    id: index + 1,
    file_name: name,
    content_type: 'image/jpeg',
    size: 4,
    created_at: createdAt,
  }));
}
