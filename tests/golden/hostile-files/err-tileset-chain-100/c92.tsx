<?xml version="1.0"?>
<tileset name="c92"><tileset/><tileset firstgid="9" source="c93.tsx"/></tileset>
